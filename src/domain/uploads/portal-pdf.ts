/**
 * The largest supporting document the OCI portal takes: a PDF of at most 1000 KB
 * (catalog-facts.md, upload specs, source K17). The desk's Portal PDF is made to fit it
 * (decision 0185-portal-pdf), and its refusals name it.
 */
export const PORTAL_PDF_MAX_BYTES = 1000 * 1024;
