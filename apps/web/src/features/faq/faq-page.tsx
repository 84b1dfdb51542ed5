import { PageStub } from "../../components/ui/page-stub.tsx";

export default function FaqPage() {
  return <PageStub titleKey="pages.faq" />;
}
