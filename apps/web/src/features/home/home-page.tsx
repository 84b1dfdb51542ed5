import { useTranslation } from "react-i18next";
import { useBrandValues } from "../../lib/brand-text.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import {
  CtaSection,
  FeaturesSection,
  HeroSection,
  MediaSection,
  PremiumSection,
  StepsSection,
  TestimonialsSection,
  TrustSection,
  ValuesAndBadgesSection,
  WhySection,
} from "./components/home-sections.tsx";
import { PromoBanner } from "./components/promo-banner.tsx";

/** Home: every section in order; figures from the brand, texts from `marketing`. */
export default function HomePage() {
  const { t } = useTranslation("marketing");
  const values = useBrandValues();
  useDocumentTitle(t("home.title"), t("home.description", values));
  return (
    <>
      <PromoBanner values={values} />
      <HeroSection values={values} />
      <FeaturesSection values={values} />
      <WhySection values={values} />
      <StepsSection />
      <ValuesAndBadgesSection values={values} />
      <MediaSection />
      <PremiumSection values={values} />
      <TrustSection values={values} />
      <TestimonialsSection />
      <CtaSection />
    </>
  );
}
