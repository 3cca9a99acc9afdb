/** The apps of the admin SPA a user can be given (user `apps` holds their names). */
export const appCatalogue = [
  { name: 'catalog', title: 'Catalog', description: 'Products, categories, attributes, brands and content' },
  { name: 'crm', title: 'CRM', description: 'Accounts, contacts, deals and pipelines' },
  { name: 'inventory', title: 'Inventory', description: 'Locations and stock levels' },
  { name: 'sales', title: 'Sales', description: 'Sales orders' },
  { name: 'cms', title: 'Content', description: 'Content pages and documents' },
  { name: 'analytics', title: 'Analytics', description: 'Statistics, reports and exports' },
  { name: 'settings', title: 'Settings', description: 'Workspace, users, languages, currencies, webhooks' },
] as const;

export type AppName = (typeof appCatalogue)[number]['name'];
export const appNames = appCatalogue.map((a) => a.name) as AppName[];
