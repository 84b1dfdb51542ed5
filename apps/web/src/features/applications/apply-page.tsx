import { PageStub } from "../../components/ui/page-stub.tsx";

export default function ApplyPage() {
  return <PageStub titleKey="pages.apply" />;
}
