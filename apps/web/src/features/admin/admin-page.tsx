import { PageStub } from "../../components/ui/page-stub.tsx";
import { RequireUser } from "../../components/ui/require-user.tsx";

export default function AdminPage() {
  return (
    <RequireUser adminOnly>
      <PageStub titleKey="pages.admin" />
    </RequireUser>
  );
}
