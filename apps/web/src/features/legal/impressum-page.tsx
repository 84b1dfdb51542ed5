import { PageStub } from "../../components/ui/page-stub.tsx";

export default function ImpressumPage() {
  return <PageStub titleKey="pages.impressum" />;
}
