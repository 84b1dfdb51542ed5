import { PageStub } from "../../components/ui/page-stub.tsx";

export default function TermsPage() {
  return <PageStub titleKey="pages.terms" />;
}
