-- Issue 32 §1: the rows still UNVERIFIED after a second search of the missions' own pages (29 Nov 2026;
-- docs/decisions/0105-jurisdiction-table.md, "Checked again"). No fact and no date changes, so no new
-- dated row: each note records what was searched, what was found, and that the row stands.
UPDATE "jurisdiction_rules" SET "note" = "note" || ' Checked again 29 Nov 2026: no page of CGI Boston in our sources. The Embassy’s announcement of 1 Aug 2025 (Ambassador Kwatra, via livemint.com and businesstoday.in) opened the VFS centre in Boston and said the Boston and Los Angeles consulates were still to open, so the consulate’s start is after 1 Aug 2025; 15 Dec 2025 stands, UNVERIFIED.' WHERE "country" = 'US' AND "mission_city" = 'Boston';
--> statement-breakpoint
UPDATE "jurisdiction_rules" SET "note" = "note" || ' Checked again 29 Nov 2026: the High Commission’s jurisdiction page is still not in our sources (hciottawa.gov.in pages found list no counties; cgitoronto.gov.in/page/roles-of-bls points to BLS’s per-jurisdiction pages, not stored). Kept all K forward sortation areas (Canada Post’s eastern Ontario, which includes Kingston and Belleville) with Ottawa, as issue 32’s brief says; UNVERIFIED.' WHERE "country" = 'CA' AND "region" = 'ON';
--> statement-breakpoint
UPDATE "jurisdiction_rules" SET "note" = "note" || ' Checked again 29 Nov 2026: no mission page names Manitoba; vec.ca (undated) says CGI Toronto serves Ontario and neighbouring regions, which fits Manitoba. Kept with Toronto; UNVERIFIED.' WHERE "country" = 'CA' AND "region" = 'MB';
