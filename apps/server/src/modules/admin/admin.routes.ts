import { Type } from 'typebox';
import { EmptyBody, IdOnly, Json, OpenObject } from '@sapo/common';
import type { AppInstance } from '../../http/app-instance.ts';
import { requireAuthority } from '../auth/caller.ts';
import { SecuritySettingsSchema } from './settings.service.ts';

export function adminRoutes(app: AppInstance, version: string): void {
  const s = app.services.settings;
  const tags = ['admin'];
  // AdminSettings; the mail password is never sent back.
  const settings = {
    response: {
      200: Type.Object({ id: IdOnly, createdTime: Type.Number(), key: Type.String(), jsonValue: Json }),
    },
  };
  // Open: the stored settings are written back whole.
  const security = { response: { 200: OpenObject } };
  app.get(
    '/api/admin/settings/:key',
    { schema: { tags, params: Type.Object({ key: Type.String({ maxLength: 64 }) }), ...settings } },
    (req) => s.get(req.caller, req.params.key),
  );
  app.post(
    '/api/admin/settings',
    {
      schema: {
        tags,
        body: Type.Object({
          key: Type.String({ minLength: 1, maxLength: 64 }),
          jsonValue: Type.Unknown(),
          id: Type.Optional(Type.Unknown()),
        }),
        ...settings,
      },
    },
    (req) => s.save(req.caller, req.body.key, req.body.jsonValue),
  );
  app.get('/api/admin/securitySettings', { schema: { tags, ...security } }, (req) => s.getSecuritySettings(req.caller));
  app.post('/api/admin/securitySettings', { schema: { tags, body: SecuritySettingsSchema, ...security } }, (req) =>
    s.saveSecuritySettings(req.caller, req.body),
  );
  app.post(
    '/api/admin/settings/testMail',
    {
      schema: {
        tags,
        body: Type.Object({ key: Type.Optional(Type.String()), jsonValue: Type.Record(Type.String(), Type.Unknown()) }),
        response: { 200: EmptyBody },
      },
    },
    async (req) => {
      requireAuthority(req.caller, 'SYS_ADMIN');
      const stored = await app.services.mail.mailSettings();
      const settings = { ...stored, ...req.body.jsonValue } as typeof stored;
      if (!settings.password) settings.password = stored.password;
      const me = await app.services.users.current(req.caller);
      await app.services.mail.send(
        {
          to: me.email,
          subject: 'SAPO Dashboard test message',
          text: 'Mail settings work: this is a test message from SAPO Dashboard.',
        },
        settings,
      );
      return '';
    },
  );
  // There is no update server to ask; report the running version honestly.
  app.get(
    '/api/admin/updates',
    {
      schema: {
        tags,
        response: { 200: Type.Object({ message: Type.String(), updateAvailable: Type.Boolean() }) },
      },
    },
    async (req) => {
      requireAuthority(req.caller, 'SYS_ADMIN');
      return {
        message: `SAPO Dashboard ${version} is running; no update information is available offline.`,
        updateAvailable: false,
      };
    },
  );
}
