import { PageStub } from "../../components/ui/page-stub.tsx";

export default function PrivacyPage() {
  return <PageStub titleKey="pages.privacy" />;
}
