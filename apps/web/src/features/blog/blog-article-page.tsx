import { PageStub } from "../../components/ui/page-stub.tsx";

export default function BlogArticlePage() {
  return <PageStub titleKey="pages.blogArticle" />;
}
