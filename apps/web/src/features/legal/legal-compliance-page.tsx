import { PageStub } from "../../components/ui/page-stub.tsx";

export default function LegalCompliancePage() {
  return <PageStub titleKey="pages.legalCompliance" />;
}
