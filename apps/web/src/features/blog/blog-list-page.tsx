import { PageStub } from "../../components/ui/page-stub.tsx";

export default function BlogListPage() {
  return <PageStub titleKey="pages.blog" />;
}
