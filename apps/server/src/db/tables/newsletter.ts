// Table types of the newsletter (blog sidebar, issue 7); its migrations are numbered 0055-0059.
// biome-ignore lint/suspicious/noEmptyInterface: filled as the area adds tables
export interface NewsletterTables {}
