import type { Brand } from "./brand-types.ts";

/**
 * The fictional demonstration brand. No real company, bank, licence or
 * customer: register, licence and VAT numbers carry "DEMO", e-mail addresses use the reserved
 * .invalid domain, the website the reserved .example domain, and every sample testimonial, award
 * and press mention is flagged as illustrative. The supervisory authorities and the deposit
 * guarantee scheme are the real public bodies an operator of this kind would deal with; the
 * numbers we claim with them are not real.
 */
export const brand: Brand = {
  demonstration: true,
  name: "Festgeld Demo GmbH",
  shortName: "Festgeld Demo",
  legalForm: {
    en: "limited liability company (GmbH) under German law",
    de: "Gesellschaft mit beschränkter Haftung (GmbH) nach deutschem Recht",
    fr: "société à responsabilité limitée de droit allemand (GmbH)",
  },
  partnerOf: "Demo Business Banking",
  website: "https://festgeld-demo.example",
  representatives: [
    {
      name: "Anna Beispiel",
      role: { en: "Managing Director", de: "Geschäftsführerin", fr: "Directrice générale" },
    },
    {
      name: "Jonas Muster",
      role: { en: "Managing Director", de: "Geschäftsführer", fr: "Directeur général" },
    },
  ],
  supervisoryBoardChair: null,
  team: [
    {
      name: "Anna Beispiel",
      role: {
        en: "Chief Executive Officer and co-founder",
        de: "Geschäftsführerin (CEO) und Mitgründerin",
        fr: "Directrice générale (CEO) et cofondatrice",
      },
      bio: {
        en: "Spent twelve years in treasury and deposit funding at European banks before founding the platform.",
        de: "War zwölf Jahre im Treasury und in der Einlagenrefinanzierung europäischer Banken tätig, bevor sie die Plattform gründete.",
        fr: "A passé douze ans en trésorerie et en collecte de dépôts dans des banques européennes avant de fonder la plateforme.",
      },
    },
    {
      name: "Jonas Muster",
      role: {
        en: "Chief Financial Officer and Managing Director",
        de: "Geschäftsführer (CFO)",
        fr: "Directeur financier et directeur général",
      },
      bio: {
        en: "Chartered accountant; responsible for finance, reporting and the safeguarding of customer processes.",
        de: "Wirtschaftsprüfer; verantwortet Finanzen, Berichtswesen und die Absicherung der Kundenprozesse.",
        fr: "Expert-comptable ; responsable des finances, du reporting et de la sécurisation des processus clients.",
      },
    },
    {
      name: "Claire Exemple",
      role: {
        en: "Chief Operating Officer, Paris office",
        de: "Chief Operating Officer, Büro Paris",
        fr: "Directrice des opérations, bureau de Paris",
      },
      bio: {
        en: "Leads customer service and operations across our markets from the Paris office.",
        de: "Leitet vom Pariser Büro aus Kundenservice und Betrieb in allen unseren Märkten.",
        fr: "Dirige le service client et les opérations sur l'ensemble de nos marchés depuis le bureau de Paris.",
      },
    },
    {
      name: "Lukas Probe",
      role: {
        en: "Chief Compliance Officer",
        de: "Leiter Compliance",
        fr: "Directeur de la conformité",
      },
      bio: {
        en: "Former banking supervisor; in charge of anti-money-laundering controls, data protection and regulatory reporting.",
        de: "Ehemaliger Bankenaufseher; verantwortet Geldwäscheprävention, Datenschutz und das aufsichtliche Meldewesen.",
        fr: "Ancien superviseur bancaire ; en charge de la lutte contre le blanchiment, de la protection des données et du reporting réglementaire.",
      },
    },
  ],
  registeredOffice: { street: "Musterstraße 1", postalCode: "10115", city: "Berlin", countryCode: "DE" },
  parisOffice: { street: "1 rue de l'Exemple", postalCode: "75002", city: "Paris", countryCode: "FR" },
  phone: "+49 30 0000 0000",
  parisPhone: "+33 1 00 00 00 00",
  whatsappNumber: "4930000000000",
  supportHours: {
    firstDay: 1,
    lastDay: 5,
    opens: "9:00",
    closes: "18:00",
    timeZoneLabel: { en: "CET", de: "MEZ", fr: "CET" },
  },
  support247: true,
  emails: {
    info: "info@example.invalid",
    support: "support@example.invalid",
    compliance: "compliance@example.invalid",
  },
  dataProtectionOfficer: { name: "Petra Platzhalter", email: "privacy@example.invalid" },
  tradeRegister: { court: "Amtsgericht Charlottenburg (Berlin)", number: "HRB DEMO-000000 B" },
  vatId: "DE-DEMO-000000000",
  regulators: [
    {
      id: "bafin",
      countryCode: "DE",
      name: "Bundesanstalt für Finanzdienstleistungsaufsicht",
      shortName: "BaFin",
      kind: "supervisor",
      address: [
        "Graurheindorfer Straße 108, 53117 Bonn",
        "Marie-Curie-Straße 24-28, 60439 Frankfurt am Main",
      ],
      website: "https://www.bafin.de",
      scope: {
        en: "Licence as a financial services institution (investment and deposit brokerage) and ongoing supervision in Germany",
        de: "Erlaubnis als Finanzdienstleistungsinstitut (Anlage- und Einlagenvermittlung) und laufende Aufsicht in Deutschland",
        fr: "Agrément en tant qu'établissement de services financiers (intermédiation en placements et en dépôts) et surveillance continue en Allemagne",
      },
      licenceNumber: "DEMO-BAFIN-000000",
    },
    {
      id: "acpr",
      countryCode: "FR",
      name: "Autorité de contrôle prudentiel et de résolution",
      shortName: "ACPR",
      kind: "supervisor",
      address: ["4 Place de Budapest, CS 92459, 75436 Paris Cedex 09"],
      website: "https://acpr.banque-france.fr",
      scope: {
        en: "Supervision of the Paris branch, operating in France under the EU passport",
        de: "Aufsicht über die Pariser Zweigniederlassung, die in Frankreich im Rahmen des EU-Passes tätig ist",
        fr: "Contrôle de la succursale de Paris, exerçant en France au titre du passeport européen",
      },
      licenceNumber: "DEMO-ACPR-00000",
    },
    {
      id: "orias",
      countryCode: "FR",
      name: "Organisme pour le registre unique des intermédiaires en assurance, banque et finance",
      shortName: "ORIAS",
      kind: "register",
      address: ["1 rue Jules Lefebvre, 75009 Paris"],
      website: "https://www.orias.fr",
      scope: {
        en: "Registration of the Paris branch as an intermediary in banking operations (IOBSP)",
        de: "Registrierung der Pariser Zweigniederlassung als Vermittler von Bankgeschäften (IOBSP)",
        fr: "Immatriculation de la succursale de Paris en qualité d'intermédiaire en opérations de banque (IOBSP)",
      },
      licenceNumber: "DEMO-ORIAS-00000000",
    },
  ],
  depositGuaranteeScheme: {
    name: "Entschädigungseinrichtung deutscher Banken GmbH",
    shortName: "EdB",
    address: ["Burgstraße 28, 10178 Berlin", "Postfach 11 04 48, 10834 Berlin"],
    phone: "+49 30 59 00 11 960",
    email: "info@edb-banken.de",
    website: "https://www.edb-banken.de",
    coverageEur: 100_000,
    reimbursementWorkingDays: 7,
    temporaryHighBalance: { maxEur: 500_000, months: 6 },
  },
  ombudsman: {
    name: "Schlichtungsstelle bei der Deutschen Bundesbank",
    website: "https://www.bundesbank.de/schlichtungsstelle",
  },
  figures: {
    foundedYear: 2018,
    yearsInBusiness: 7,
    rootsSinceYear: 2009,
    experienceYears: 15,
    assetsEur: 500_000_000,
    customers: 50_000,
    countries: 15,
    maxRate: 3.99,
    headlineMaxRate: 4.05,
    rateRange: { min: 2.5, max: 4.05 },
    depositProtectionEur: 100_000,
    ratingPrimary: { score: 5, outOf: 5, count: 10_000 },
    ratingSecondary: { score: 4.8, outOf: 5, count: 5_000 },
    // The terms of the seeded packages (apps/server/src/db/migrations/0002_packages.sql).
    marketingTermsMonths: [3, 6, 12, 24, 36],
    blogTermsMonths: [6, 12, 24, 36, 48, 60],
    minimumInvestmentEur: 1_000,
    termsMinimumDepositEur: 5_000,
    packageMaximumsEur: { min: 50_000, max: 500_000 },
    processingHours: 24,
    withdrawalDays: 14,
    payoutWorkingDays: 7,
  },
  testimonials: [
    {
      name: "Maria K.",
      city: "München",
      illustrative: true,
      rating: 5,
      quote: {
        en: "I compared rates for weeks. Here the rate was fixed from day one and the interest arrived on the day my term ended.",
        de: "Ich habe wochenlang Zinsen verglichen. Hier stand der Zins vom ersten Tag an fest, und die Zinsen kamen pünktlich zum Laufzeitende.",
        fr: "J'ai comparé les taux pendant des semaines. Ici, le taux était fixé dès le premier jour et les intérêts sont arrivés le jour de l'échéance.",
      },
    },
    {
      name: "Thomas B.",
      city: "Hamburg",
      illustrative: true,
      rating: 5,
      quote: {
        en: "Identity check online in ten minutes, bank details the next morning. No branch visit, no paperwork by post.",
        de: "Identitätsprüfung online in zehn Minuten, die Bankverbindung am nächsten Morgen. Kein Filialbesuch, kein Papierkram per Post.",
        fr: "Vérification d'identité en ligne en dix minutes, coordonnées bancaires le lendemain matin. Pas d'agence, pas de courrier.",
      },
    },
    {
      name: "Sophie L.",
      city: "Lyon",
      illustrative: true,
      rating: 5,
      quote: {
        en: "Being able to do everything in French with a German partner bank was what convinced me.",
        de: "Dass ich alles auf Französisch erledigen konnte, obwohl die Partnerbank in Deutschland sitzt, hat mich überzeugt.",
        fr: "Pouvoir tout faire en français avec une banque partenaire allemande, c'est ce qui m'a convaincue.",
      },
    },
    {
      name: "Peter W.",
      city: "Köln",
      illustrative: true,
      rating: 4,
      quote: {
        en: "Clear figures: the calculator showed exactly the interest that was later paid. I would have liked a 48-month term too.",
        de: "Klare Zahlen: Der Rechner zeigte genau die Zinsen, die später gezahlt wurden. Eine Laufzeit von 48 Monaten hätte ich mir noch gewünscht.",
        fr: "Des chiffres clairs : le simulateur affichait exactement les intérêts versés ensuite. J'aurais aimé une durée de 48 mois.",
      },
    },
    {
      name: "Julia S.",
      city: "Wien",
      illustrative: true,
      rating: 5,
      quote: {
        en: "Support answered my question about deposit protection on the phone within minutes, friendly and precise.",
        de: "Der Kundenservice hat meine Frage zur Einlagensicherung am Telefon innerhalb von Minuten beantwortet, freundlich und präzise.",
        fr: "Le service client a répondu à ma question sur la garantie des dépôts au téléphone en quelques minutes, avec amabilité et précision.",
      },
    },
    {
      name: "Marc D.",
      city: "Bordeaux",
      illustrative: true,
      rating: 5,
      quote: {
        en: "I split my savings across two terms. Both are shown in my dashboard with the exact amount due at maturity.",
        de: "Ich habe meine Ersparnisse auf zwei Laufzeiten verteilt. Beide sehe ich in meiner Übersicht mit dem genauen Betrag zur Fälligkeit.",
        fr: "J'ai réparti mon épargne sur deux durées. Les deux apparaissent dans mon tableau de bord avec le montant exact à l'échéance.",
      },
    },
  ],
  awards: [
    {
      title: {
        en: "Best fixed-term deposit platform",
        de: "Beste Festgeld-Plattform",
        fr: "Meilleure plateforme de dépôts à terme",
      },
      issuer: "Example Finance Review",
      year: 2024,
      illustrative: true,
    },
    {
      title: {
        en: "Customer service: very good",
        de: "Kundenservice: sehr gut",
        fr: "Service client : très bien",
      },
      issuer: "Sample Savers Journal",
      year: 2024,
      illustrative: true,
    },
    {
      title: {
        en: "Transparent pricing seal",
        de: "Siegel für transparente Konditionen",
        fr: "Label de tarification transparente",
      },
      issuer: "Demo Consumer Institute",
      year: 2023,
      illustrative: true,
    },
  ],
  media: [
    { name: "Example Money Weekly", illustrative: true },
    { name: "Demo Business Daily", illustrative: true },
    { name: "Placeholder Finanzen", illustrative: true },
    { name: "Journal de l'Exemple", illustrative: true },
  ],
};
