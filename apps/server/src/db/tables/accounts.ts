// Table types of the accounts (issue 3) area; its migrations are numbered 0010-0019.
// biome-ignore lint/suspicious/noEmptyInterface: filled as the area adds tables
export interface AccountTables {}
