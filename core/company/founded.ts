/**
 * The year the company was founded (SPEC §1). A module of its own: pages in the browser read it, and
 * core/company/company.ts brings the database with it.
 */
export const FOUNDED_YEAR = 2021;
