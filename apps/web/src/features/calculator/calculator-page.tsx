import { PageStub } from "../../components/ui/page-stub.tsx";

export default function CalculatorPage() {
  return <PageStub titleKey="pages.calculator" />;
}
