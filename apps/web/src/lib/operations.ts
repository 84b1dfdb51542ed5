import type { operations as table } from "@festgeld/domain/operations";
import { operationRoutes } from "@festgeld/domain/routes";

/**
 * The operation table as the web app calls it. The client reads only an entry's id, method and path at run
 * time (lib/api-client.ts); inputs and answers are typed from the whole table. So the app loads the
 * routes alone, not the table with every schema of the contract, which a page that calls one operation
 * would otherwise parse and build (docs/decisions.md "The web app's operation routes"). The domain's
 * routes test checks that each route is its operation's.
 */
export const operations = operationRoutes as unknown as typeof table;
