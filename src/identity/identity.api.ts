/**
 * The identity door: users, workspaces and client logins other contexts call, the first
 * administrator's bootstrap (for main.ts and the demo seed) and password hashing (the seed).
 * Other contexts import this file or `identity.module`, never another file of this folder
 * (eslint.config.mjs).
 */
export { hashPassword } from './auth/passwords';
export { BootstrapAdmin } from './bootstrap-admin';
export { ClientLoginListQuery } from './client-logins/client-login.dto';
export { ClientLoginsService } from './client-logins/client-logins.service';
export { UsersService } from './users/users.service';
export { WorkspacesService } from './workspaces/workspaces.service';
