import { PageStub } from "../../components/ui/page-stub.tsx";

export default function ComparePage() {
  return <PageStub titleKey="pages.compare" />;
}
