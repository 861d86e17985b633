export * from '../modules/catalog/tables.ts';
export * from '../modules/countries/tables.ts';
