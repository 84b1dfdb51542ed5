import { PageStub } from "../../components/ui/page-stub.tsx";

export default function AboutPage() {
  return <PageStub titleKey="pages.about" />;
}
