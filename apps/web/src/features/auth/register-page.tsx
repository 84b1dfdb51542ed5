import { PageStub } from "../../components/ui/page-stub.tsx";

export default function RegisterPage() {
  return <PageStub titleKey="pages.register" />;
}
