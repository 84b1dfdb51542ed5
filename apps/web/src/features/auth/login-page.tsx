import { PageStub } from "../../components/ui/page-stub.tsx";

export default function LoginPage() {
  return <PageStub titleKey="pages.login" />;
}
