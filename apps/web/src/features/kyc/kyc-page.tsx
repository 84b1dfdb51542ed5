import { PageStub } from "../../components/ui/page-stub.tsx";
import { RequireUser } from "../../components/ui/require-user.tsx";

export default function KycPage() {
  return (
    <RequireUser>
      <PageStub titleKey="pages.kyc" />
    </RequireUser>
  );
}
