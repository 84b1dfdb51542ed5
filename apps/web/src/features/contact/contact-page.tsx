import { PageStub } from "../../components/ui/page-stub.tsx";

export default function ContactPage() {
  return <PageStub titleKey="pages.contact" />;
}
