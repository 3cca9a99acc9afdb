import type { INestApplicationContext } from '@nestjs/common';
import { AccountsService, type AccountType, ContactsService, type Gender } from '../crm/crm.api';
import type { RequestContext } from '../platform/tenancy/request-context';

const prefixes = ['Noord', 'Zuid', 'West', 'Oost', 'Delta', 'Polder', 'Haven', 'Molen', 'Tulip', 'Dijk'];
const suffixes = ['Trading', 'Logistics', 'Tools'];
const cities = ['Amsterdam', 'Rotterdam', 'Utrecht', 'Eindhoven', 'Groningen', 'Zwolle'];
const industries = ['Retail', 'Wholesale', 'Construction', 'Food', 'Manufacturing', 'Logistics'];
const types: AccountType[] = [
  'Customer',
  'Customer',
  'Customer',
  'Supplier',
  'Partner',
  'Competitor',
  'Investor',
];
const statuses = ['Active', 'Prospect', 'On hold'];
const firstNames = [
  'Anna',
  'Bram',
  'Daan',
  'Emma',
  'Fleur',
  'Jan',
  'Julia',
  'Lars',
  'Lotte',
  'Milan',
  'Noor',
  'Sem',
];
const lastNames = [
  'de Vries',
  'Jansen',
  'Bakker',
  'Visser',
  'Smit',
  'Meijer',
  'Mulder',
  'Bos',
  'Vos',
  'Peters',
];
const jobTitles = [
  'Purchasing manager',
  'Owner',
  'Office manager',
  'Sales director',
  'Buyer',
  'Finance controller',
];
const genders: Gender[] = ['Female', 'Male', 'Other', 'Unknown'];

/** 30 accounts and 60 contacts (two per account; every third also works at the next account). */
export async function seedCrmAccountsDemo(app: INestApplicationContext, ctx: RequestContext): Promise<void> {
  const accounts = app.get(AccountsService);
  const contacts = app.get(ContactsService);
  const ownerId = ctx.actor.type === 'User' ? ctx.actor.id : null;
  const accountIds: string[] = [];
  for (let i = 0; i < 30; i++) {
    const name = `${prefixes[i % prefixes.length]} ${suffixes[Math.floor(i / prefixes.length) % suffixes.length]}`;
    const city = cities[i % cities.length];
    const domain = name.toLowerCase().replace(/[^a-z]+/g, '-');
    const account = await accounts.create(ctx, {
      displayName: name,
      accountCode: `D${String(10001 + i)}`,
      accountType: types[i % types.length],
      accountStatus: statuses[i % statuses.length],
      ownerId: i % 4 === 3 ? null : ownerId,
      industries: [
        industries[i % industries.length],
        ...(i % 5 === 0 ? [industries[(i + 1) % industries.length]] : []),
      ],
      employees: 5 + ((i * 37) % 500),
      vatNumber: `NL${String(800000000 + i * 7919).slice(0, 9)}B01`,
      chamberOfCommerce: String(60000000 + i * 1013),
      chamberOfCommerceRubricationCodes: ['4690'],
      tags: i % 3 === 0 ? ['key-account'] : i % 3 === 1 ? ['newsletter'] : [],
      billingAddress: {
        street: 'Stationsplein',
        houseNumber: String(1 + i),
        houseNumberAddition: null,
        postalCode: `${1000 + i * 11} AB`,
        city,
        region: null,
        countryCode: 'NL',
      },
      visitingAddress: null,
      deliveryAddress: null,
      contactDetails: {
        emails: [{ address: `info@${domain}.example`, label: 'general' }],
        phones: [{ number: `+31 20 555 ${String(1000 + i)}`, label: 'office' }],
        websites: [{ url: `https://${domain}.example`, label: null }],
      },
      attributes: [{ key: 'segment', value: i % 2 === 0 ? 'SMB' : 'Enterprise' }],
      commerceSettings: {
        priceListId: null,
        discountPercentage: (i % 4) * 2.5,
        paymentTermDays: [14, 30, 60][i % 3],
        currency: 'EUR',
        vatLiable: true,
        creditLimit: 5000 * (1 + (i % 5)),
        priceVisibility: 'Visible',
      },
    });
    accountIds.push(account.id);
  }
  for (let i = 0; i < 60; i++) {
    const accountIndex = Math.floor(i / 2);
    const firstName = firstNames[i % firstNames.length];
    const lastName = lastNames[(i * 7) % lastNames.length];
    const links = [{ accountId: accountIds[accountIndex], jobTitle: jobTitles[i % jobTitles.length] }];
    if (i % 3 === 0)
      links.push({ accountId: accountIds[(accountIndex + 1) % accountIds.length], jobTitle: 'Advisor' });
    await contacts.create(ctx, {
      firstName,
      lastName,
      jobTitle: jobTitles[i % jobTitles.length],
      gender: genders[i % genders.length],
      dateOfBirth: `${1960 + (i % 40)}-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`,
      ownerId: i % 5 === 4 ? null : ownerId,
      tags: i % 4 === 0 ? ['decision-maker'] : [],
      accounts: links,
      contactDetails: {
        emails: [{ address: `${firstName.toLowerCase()}.${i}@contacts.example`, label: 'work' }],
        phones: [],
        websites: [],
      },
    });
  }
}
