import { createRequire as __festgeldRequire } from 'node:module'; const require = __festgeldRequire(import.meta.url);

// apps/server/src/modules/messages/email-text.ts
var FOOTER = {
  en: {
    service: (name) => `You receive this service e-mail because you have an account with ${name}.`,
    newsletter: (name) => `You receive the ${name} newsletter because you subscribed and confirmed your address.`,
    unsubscribe: "Unsubscribe",
    directors: "Managing directors",
    register: "Trade register",
    vat: "VAT ID",
    supervisor: "Supervisory authority",
    demo: "Demonstration: this is not a real offer and no real company."
  },
  de: {
    service: (name) => `Sie erhalten diese Service-E-Mail, weil Sie ein Konto bei ${name} haben.`,
    newsletter: (name) => `Sie erhalten den Newsletter von ${name}, weil Sie ihn abonniert und Ihre Adresse best\xE4tigt haben.`,
    unsubscribe: "Abmelden",
    directors: "Gesch\xE4ftsf\xFChrung",
    register: "Handelsregister",
    vat: "USt-IdNr.",
    supervisor: "Aufsichtsbeh\xF6rde",
    demo: "Demonstration: kein echtes Angebot und kein echtes Unternehmen."
  },
  fr: {
    service: (name) => `Vous recevez cet e-mail de service parce que vous avez un compte chez ${name}.`,
    newsletter: (name) => `Vous recevez la newsletter de ${name} parce que vous y \xEAtes abonn\xE9(e) et avez confirm\xE9 votre adresse.`,
    unsubscribe: "Se d\xE9sabonner",
    directors: "G\xE9rants",
    register: "Registre du commerce",
    vat: "N\xB0 de TVA",
    supervisor: "Autorit\xE9 de surveillance",
    demo: "D\xE9monstration : ceci n'est pas une offre r\xE9elle ni une entreprise r\xE9elle."
  }
};
function legalLines(operator, language) {
  const t = FOOTER[language];
  const a = operator.address;
  return [
    `${operator.name}, ${a.street}, ${a.postalCode} ${a.city}, ${a.country}`,
    `${t.directors}: ${operator.managingDirectors.join(", ")}`,
    `${t.register}: ${operator.tradeRegister} \xB7 ${t.vat}: ${operator.vatId}`,
    `${t.supervisor}: ${operator.supervisor}`,
    `${operator.supportEmail} \xB7 ${operator.phone} \xB7 ${operator.website}`,
    ...operator.demonstration ? [t.demo] : []
  ];
}

export {
  FOOTER,
  legalLines
};
//# sourceMappingURL=chunk-3SWMEOXR.js.map
