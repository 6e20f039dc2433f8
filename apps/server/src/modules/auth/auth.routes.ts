import { Type } from 'typebox';
import { EmptyBody, NoBody, OpenObject, RedirectBody, UserSchema } from '@sapo/common';
import type { AppInstance } from '../../http/app-instance.ts';

const Str = (max = 255) => Type.Optional(Type.Union([Type.String({ maxLength: max }), Type.Null()]));
const TokenPair = Type.Object({ token: Type.String(), refreshToken: Type.String() });

export function authRoutes(app: AppInstance, loginRateLimit: number): void {
  const s = app.services.auth;
  const tags = ['auth'];
  const pub = { public: true } as const;
  // Per-IP limit on guessing: lockout protects one account, this protects all of them.
  const empty = { response: { 200: EmptyBody } };
  // The link pages: valid → 303 to the web page (used or expired → 409 with no body).
  const redirect = { response: { 303: RedirectBody, 409: NoBody } };
  const limited = loginRateLimit > 0 ? { ...pub, rateLimit: { max: loginRateLimit, timeWindow: 60_000 } } : pub;

  app.post(
    '/api/auth/login',
    {
      config: limited,
      schema: { tags, body: Type.Object({ username: Str(), password: Str(1024) }), response: { 200: TokenPair } },
    },
    (req) =>
      s.login(req.body.username ?? '', req.body.password ?? '', { ip: req.ip, userAgent: req.headers['user-agent'] }),
  );
  app.post(
    '/api/auth/login/public',
    {
      config: limited,
      schema: { tags, body: Type.Object({ publicId: Type.String({ maxLength: 64 }) }), response: { 200: TokenPair } },
    },
    (req) => s.loginPublic(req.body.publicId),
  );
  app.post(
    '/api/auth/token',
    {
      config: pub,
      schema: {
        tags,
        body: Type.Object({ refreshToken: Type.String({ maxLength: 4096 }) }),
        response: { 200: TokenPair },
      },
    },
    (req) => s.refresh(req.body.refreshToken),
  );
  app.post('/api/auth/logout', { schema: { tags, ...empty } }, async (req) => {
    await s.logout(req.caller);
    return '';
  });
  app.get('/api/auth/user', { schema: { tags, response: { 200: UserSchema } } }, (req) =>
    app.services.users.current(req.caller),
  );
  app.post(
    '/api/auth/changePassword',
    {
      schema: {
        tags,
        body: Type.Object({
          currentPassword: Type.String({ maxLength: 1024 }),
          newPassword: Type.String({ maxLength: 1024 }),
        }),
        response: { 200: TokenPair },
      },
    },
    (req) => s.changePassword(req.caller, req.body.currentPassword, req.body.newPassword),
  );
  app.get(
    '/api/noauth/userPasswordPolicy',
    { config: pub, schema: { tags, response: { 200: OpenObject } } },
    async () => (await app.services.settings.security()).passwordPolicy,
  );

  app.post(
    '/api/noauth/resetPasswordByEmail',
    { config: limited, schema: { tags, body: Type.Object({ email: Type.String({ maxLength: 255 }) }), ...empty } },
    async (req) => {
      await s.requestReset(req.body.email.trim());
      return '';
    },
  );
  app.get(
    '/api/noauth/resetPassword',
    {
      config: pub,
      schema: { tags, querystring: Type.Object({ resetToken: Type.String({ maxLength: 255 }) }), ...redirect },
    },
    async (req, reply) => {
      if (!(await s.isResetTokenValid(req.query.resetToken))) return reply.status(409).send();
      return reply.redirect(`/login/resetPassword?resetToken=${encodeURIComponent(req.query.resetToken)}`, 303);
    },
  );
  app.post(
    '/api/noauth/resetPassword',
    {
      config: limited,
      schema: {
        tags,
        body: Type.Object({ resetToken: Type.String({ maxLength: 255 }), password: Type.String({ maxLength: 1024 }) }),
        response: { 200: TokenPair },
      },
    },
    (req) => s.resetPassword(req.body.resetToken, req.body.password),
  );
  app.get(
    '/api/noauth/activate',
    {
      config: pub,
      schema: { tags, querystring: Type.Object({ activateToken: Type.String({ maxLength: 255 }) }), ...redirect },
    },
    async (req, reply) => {
      if (!(await s.isActivateTokenValid(req.query.activateToken))) return reply.status(409).send();
      return reply.redirect(`/login/createPassword?activateToken=${encodeURIComponent(req.query.activateToken)}`, 303);
    },
  );
  app.post(
    '/api/noauth/activate',
    {
      config: limited,
      schema: {
        tags,
        querystring: Type.Object({ sendActivationMail: Type.Optional(Type.Boolean()) }),
        body: Type.Object({
          activateToken: Type.String({ maxLength: 255 }),
          password: Type.String({ maxLength: 1024 }),
        }),
        response: { 200: TokenPair },
      },
    },
    (req) => s.activate(req.body.activateToken, req.body.password, req.query.sendActivationMail ?? true),
  );
  app.post(
    '/api/noauth/resendEmailActivation',
    {
      config: limited,
      schema: { tags, querystring: Type.Object({ email: Type.String({ maxLength: 255 }) }), ...empty },
    },
    async (req) => {
      await s.resendActivation(req.query.email);
      return '';
    },
  );
  // No OAuth2 providers are configured yet; the sign-in page asks and gets an empty list.
  app.post(
    '/api/noauth/oauth2Clients',
    { config: pub, schema: { tags, response: { 200: Type.Array(OpenObject) } } },
    async () => [],
  );

  app.get('/api/user/tokenAccessEnabled', { schema: { tags, response: { 200: Type.Boolean() } } }, (req) =>
    s.tokenAccessEnabled(req.caller),
  );
  app.get(
    '/api/user/:id/token',
    { schema: { tags, params: Type.Object({ id: Type.String({ format: 'uuid' }) }), response: { 200: TokenPair } } },
    (req) => s.loginAs(req.caller, req.params.id),
  );
}
