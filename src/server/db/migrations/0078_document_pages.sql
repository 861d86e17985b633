-- A PDF we assemble from a customer's photos of a document's pages ("Add a page", decision
-- 0196-document-pages) records how many it holds; every existing file is as the customer sent it
-- (null).
ALTER TABLE "application_documents" ADD COLUMN "pages" smallint;
