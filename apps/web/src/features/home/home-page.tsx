import { PageStub } from "../../components/ui/page-stub.tsx";

export default function HomePage() {
  return <PageStub titleKey="pages.home" />;
}
