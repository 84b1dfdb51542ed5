import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { errorMessage } from "../../lib/api-client.ts";
import { FormAlert } from "./form-alert.tsx";
import { Spinner } from "./spinner.tsx";

/**
 * What a saver's page shows of a query: a spinner while it loads, the server's message (or `failed`)
 * when it fails, `empty` when that is given (the loaded list has nothing), otherwise what `children`
 * draws from the data.
 */
export function QueryState<T>({
  query,
  loading,
  failed,
  errorTestId,
  empty,
  children,
}: {
  query: UseQueryResult<T>;
  loading: string;
  failed: string;
  errorTestId?: string;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Spinner label={loading} />;
  if (query.isError) {
    return (
      <FormAlert kind="error" testId={errorTestId}>
        {errorMessage(query.error, failed)}
      </FormAlert>
    );
  }
  if (empty) return <>{empty}</>;
  return <>{children(query.data)}</>;
}
