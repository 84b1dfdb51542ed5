import type { Brand } from "./brand-types.ts";

/** The fictional demonstration brand: no real company, bank or licence. */
export const brand: Brand = {
  demonstration: true,
  name: "Festgeld Demo GmbH",
  shortName: "Festgeld Demo",
  supportHours: "Mon-Fri 9:00-18:00 CET",
  phone: "+49 30 0000 0000",
  whatsappNumber: "4930000000000",
  emails: {
    support: "support@example.invalid",
    info: "info@example.invalid",
    compliance: "compliance@example.invalid",
  },
};
