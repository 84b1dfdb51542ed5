/** The operator's identity and marketing figures. Every page reads them from the active brand file. */
export interface Brand {
  /** True for the fictional default: footer and legal pages then say so visibly. */
  demonstration: boolean;
  name: string;
  shortName: string;
  supportHours: string;
  phone: string;
  whatsappNumber: string;
  emails: { support: string; info: string; compliance: string };
}
