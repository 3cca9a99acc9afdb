import { exampleIds as ids } from '../example-values';
import type { RequestExample } from './request-example';

const address = {
  street: 'Keizersgracht',
  houseNumber: '313',
  houseNumberAddition: 'B',
  postalCode: '1016 EE',
  city: 'Amsterdam',
  region: 'Noord-Holland',
  countryCode: 'NL',
};
const contactDetails = {
  emails: [{ address: 'inkoop@devries-interieur.nl', label: 'Purchasing' }],
  phones: [{ number: '+31 20 555 0142', label: 'Office' }],
  websites: [{ url: 'https://www.devries-interieur.nl', label: 'Website' }],
};
const accountBody = {
  externalReference: 'CRM-10042',
  displayName: 'De Vries Interieur B.V.',
  description: 'Interior design studio furnishing offices and restaurants',
  notes: 'Prefers delivery on Tuesdays.',
  accountCode: 'DEB-10042',
  accountStatus: 'Active',
  accountType: 'Customer',
  ownerId: ids.user,
  industries: ['Interior design', 'Hospitality'],
  employees: 24,
  vatNumber: 'NL859123456B01',
  chamberOfCommerce: '34123456',
  chamberOfCommerceRubricationCodes: ['7410'],
  vatValidationDate: '2026-01-15T09:30:00.000Z',
  productCatalogId: ids.catalog,
  tags: ['key account'],
  lastContactMoment: '2026-11-20T14:00:00.000Z',
  billingAddress: address,
  visitingAddress: address,
  deliveryAddress: { ...address, street: 'Industrieweg', houseNumber: '12', houseNumberAddition: '' },
  contactDetails,
  attributes: [{ key: 'preferredCarrier', value: 'PostNL' }],
  commerceSettings: {
    discountPercentage: 5,
    paymentTermDays: 30,
    currency: 'EUR',
    vatLiable: true,
    creditLimit: 25000,
    priceVisibility: 'Visible',
  },
};
const contactBody = {
  externalReference: 'CRM-C-2231',
  firstName: 'Sanne',
  lastName: 'de Vries',
  middleName: '',
  displayOrder: 0,
  description: 'Owner and lead designer',
  dateOfBirth: '1984-06-12',
  gender: 'Female',
  title: 'ir.',
  jobTitle: 'Director',
  notes: 'Met at the Dutch Design Week.',
  ownerId: ids.user,
  clientLoginId: ids.clientLogin,
  interestsAndHobbies: 'Mid-century furniture, sailing',
  lastContactMoment: '2026-11-20T14:00:00.000Z',
  tags: ['decision maker'],
  accounts: [{ accountId: ids.account, jobTitle: 'Director' }],
  contactDetails: {
    emails: [{ address: 'sanne@devries-interieur.nl', label: 'Work' }],
    phones: [{ number: '+31 6 1234 5678', label: 'Mobile' }],
    websites: [],
  },
  addresses: [{ ...address, label: 'Office' }],
  attributes: [{ key: 'newsletter', value: true }],
};
const pipelineBody = {
  externalReference: 'PIPE-B2B',
  title: 'B2B furniture projects',
  description: 'Office and hospitality fit-outs',
  statuses: [
    { title: 'Qualified', displayOrder: 0, successRate: 20, kind: 'Open' },
    { title: 'Proposal sent', displayOrder: 1, successRate: 50, kind: 'Open' },
    { title: 'Won', displayOrder: 2, successRate: 100, kind: 'Won' },
    { title: 'Lost', displayOrder: 3, successRate: 0, kind: 'Lost' },
  ],
  tags: ['b2b'],
  customFields: [{ key: 'leadSource', label: 'Lead source', type: 'Text' }],
};
const dealBody = {
  externalReference: 'DEAL-883',
  title: 'Meeting room chairs for De Vries',
  expectedRevenue: 2268,
  pipelineId: ids.pipeline,
  statusId: ids.pipelineStatus,
  description: '12 Aalborg chairs, delivery in January',
  ownerId: ids.user,
  accountId: ids.account,
  successRate: 50,
  startDate: '2026-11-20',
  endDate: '2027-01-15',
  tags: ['meeting room'],
  contacts: [{ contactId: ids.contact, role: 'Decision maker' }],
  products: [{ productId: ids.product, quantity: 12, unitPrice: 189 }],
  customFields: { leadSource: 'Trade fair' },
};

/** The request examples of the CRM operations, by operationId. */
export const crmExamples: Record<string, RequestExample> = {
  createAccount: {
    summary: 'A customer with addresses, contact details and commerce settings',
    body: accountBody,
    yields: { [ids.account]: 'id' },
  },
  updateAccount: {
    summary: 'Replace a customer (more employees, a new tag)',
    body: { ...accountBody, id: ids.account, employees: 28, tags: ['key account', 'hospitality'] },
    path: { id: ids.account },
  },
  createContact: {
    summary: 'A contact of a customer, linked to a shopper',
    body: contactBody,
    yields: { [ids.contact]: 'id' },
  },
  updateContact: {
    summary: 'Replace a contact (a new job title)',
    body: { ...contactBody, id: ids.contact, jobTitle: 'Managing director' },
    path: { id: ids.contact },
  },
  createPipeline: {
    summary: 'A pipeline with its statuses and a custom field',
    body: pipelineBody,
    yields: { [ids.pipeline]: 'id', [ids.pipelineStatus]: 'statuses.0.id' },
  },
  updatePipeline: {
    summary: 'Rename a pipeline, keeping its statuses',
    body: {
      ...pipelineBody,
      id: ids.pipeline,
      title: 'B2B furniture projects 2027',
      statuses: [{ ...pipelineBody.statuses[0], id: ids.pipelineStatus }, ...pipelineBody.statuses.slice(1)],
    },
    path: { id: ids.pipeline },
  },
  createDeal: { summary: 'A deal with a contact and products', body: dealBody, yields: { [ids.deal]: 'id' } },
  updateDeal: {
    summary: 'Replace a deal (a higher chance)',
    body: { ...dealBody, id: ids.deal, successRate: 70 },
    path: { id: ids.deal },
  },
  createComment: {
    summary: 'A note on an account',
    body: {
      externalReference: 'NOTE-1',
      body: 'Asked for a **quote** for 12 chairs.',
      bodyFormat: 'Markdown',
      entityId: ids.account,
      entityType: 'Account',
    },
    yields: { [ids.comment]: 'id' },
  },
  updateComment: {
    summary: 'Edit a note',
    body: {
      id: ids.comment,
      externalReference: 'NOTE-1',
      body: 'Asked for a **quote** for 12 chairs, delivery in January.',
      bodyFormat: 'Markdown',
    },
    path: { id: ids.comment },
  },
};
