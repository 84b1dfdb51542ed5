import { PageStub } from "../../components/ui/page-stub.tsx";
import { RequireUser } from "../../components/ui/require-user.tsx";

export default function DashboardPage() {
  return (
    <RequireUser>
      <PageStub titleKey="pages.dashboard" />
    </RequireUser>
  );
}
