import {
  exampleCredentials,
  exampleIds as ids,
  exampleRefreshToken,
  exampleShopperTokens as tokens,
} from '../example-values';
import type { RequestExample } from './request-example';

/** The request examples of the identity operations, by operationId. */
export const identityExamples: Record<string, RequestExample> = {
  login: {
    summary: 'A user logs in (a client login also sends its workspaceId)',
    body: { ...exampleCredentials },
    yields: { [exampleRefreshToken]: 'refreshToken' },
    after: ['createUser'],
  },
  refreshToken: {
    summary: 'Trade a refresh token for a new pair',
    body: { refreshToken: exampleRefreshToken },
  },
  switchWorkspace: { summary: 'Switch to another workspace', body: { workspaceId: ids.workspace } },
  createUser: {
    summary: 'A colleague who works in CRM and sales',
    body: {
      ...exampleCredentials,
      email: 'anna.jansen@example.com',
      firstname: 'Anna',
      lastname: 'Jansen',
      displayName: 'Anna Jansen',
      picture: 'https://cdn.example.com/avatars/anna.jpg',
      apps: ['crm', 'sales'],
      role: 'Member',
      externalReference: 'HR-0042',
    },
    yields: { [ids.user]: 'id' },
  },
  updateUser: {
    summary: 'An Admin makes a colleague Admin and opens analytics to them (the profile stays theirs)',
    body: {
      id: ids.user,
      username: exampleCredentials.username,
      email: 'anna.jansen@example.com',
      firstname: 'Anna',
      lastname: 'Jansen',
      displayName: 'Anna Jansen',
      picture: 'https://cdn.example.com/avatars/anna.jpg',
      apps: ['crm', 'sales', 'analytics'],
      role: 'Admin',
      externalReference: 'HR-0042',
    },
    path: { id: ids.user },
    after: ['login'],
  },
  createApiKey: {
    summary: 'A key for the ERP that writes products and orders, valid for a year',
    body: {
      name: 'ERP integration (Exact Online)',
      role: 'Member',
      expiresAt: '2027-11-30T00:00:00.000Z',
      externalReference: 'ERP-KEY-1',
    },
  },
  createClientLogin: {
    summary: 'A shopper of a customer account',
    body: {
      externalReference: 'SHOP-7781',
      email: 'sanne@devries-interieur.nl',
      username: 'sanne.devries',
      displayName: 'Sanne de Vries',
      status: { active: true },
      password: 'Canal-House-313!',
    },
    yields: { [ids.clientLogin]: 'id' },
  },
  updateClientLogin: {
    summary: 'Rename a shopper',
    body: {
      id: ids.clientLogin,
      externalReference: 'SHOP-7781',
      email: 'sanne@devries-interieur.nl',
      username: 'sanne.devries',
      displayName: 'Sanne de Vries (De Vries Interieur)',
      status: { active: true },
    },
    path: { id: ids.clientLogin },
  },
  createWorkspace: {
    summary: 'A workspace for another company',
    body: {
      name: 'Nordic Living Benelux',
      description: 'Wholesale of Scandinavian furniture',
      defaultCurrency: 'EUR',
      defaultLanguage: 'nl',
      externalReference: 'TENANT-12',
      shopperRegistration: 'Open',
    },
    yields: { [ids.workspace]: 'id' },
  },
  registerShopper: {
    summary: 'A shopper registers in a shop open to registration (then verifies the email)',
    body: {
      workspaceId: ids.workspace,
      email: 'lotte.bakker@example.com',
      username: 'lotte.bakker',
      password: 'Tulip-Field-2026!',
      displayName: 'Lotte Bakker',
    },
  },
  verifyShopperEmail: {
    summary: 'The link of the verification mail sends its token',
    body: { workspaceId: ids.workspace, token: tokens.ClientLoginEmailVerificationRequested },
  },
  requestShopperPasswordReset: {
    summary: 'A shopper forgot the password',
    body: { workspaceId: ids.workspace, email: 'lotte.bakker@example.com' },
    after: ['registerShopper'],
  },
  confirmShopperPasswordReset: {
    summary: 'The link of the reset mail sends its token and the new password',
    body: {
      workspaceId: ids.workspace,
      token: tokens.ClientLoginPasswordResetRequested,
      password: 'Windmill-Breeze-77!',
    },
  },
  inviteClientLogin: {
    summary: 'Invite a customer’s buyer to the shop',
    body: { email: 'pieter.smit@example.com', displayName: 'Pieter Smit' },
  },
  updateWorkspace: {
    summary: 'Rename the current workspace',
    body: {
      name: 'Nordic Living Netherlands',
      description: 'Wholesale and retail of Scandinavian furniture',
      defaultCurrency: 'EUR',
      defaultLanguage: 'en',
      externalReference: 'TENANT-11',
      shopperRegistration: 'InviteOnly',
    },
  },
};
