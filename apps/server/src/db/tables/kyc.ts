// Table types of the KYC (issue 5) area; its migrations are numbered 0030-0039.
// biome-ignore lint/suspicious/noEmptyInterface: filled as the area adds tables
export interface KycTables {}
