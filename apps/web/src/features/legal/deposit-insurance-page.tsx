import { PageStub } from "../../components/ui/page-stub.tsx";

export default function DepositInsurancePage() {
  return <PageStub titleKey="pages.depositInsurance" />;
}
