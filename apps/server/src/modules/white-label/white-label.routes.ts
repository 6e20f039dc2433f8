import { Type } from 'typebox';
import { EmptyBody, NullableNumber, NullableString } from '@sapo/common';
import type { AppInstance } from '../../http/app-instance.ts';

// Loose bounds here only stop absurd bodies early; the service gives the precise messages.
const Text = (maxLength: number) => Type.Optional(Type.Union([Type.String({ maxLength }), Type.Null()]));
const Height = Type.Optional(Type.Union([Type.Number(), Type.Null()]));
const IMAGE_CHARS = 1_000_000;

const LoginWhiteLabelBody = Type.Object({
  domainName: Text(1024),
  title: Text(4096),
  icon: Text(IMAGE_CHARS),
  logo: Text(IMAGE_CHARS),
  height: Height,
  logoHeight: Height,
  intro: Text(16_384),
  background: Text(IMAGE_CHARS),
  color: Text(1024),
});

export function whiteLabelRoutes(app: AppInstance): void {
  const s = app.services.whiteLabel;
  const tags = ['white-label'];
  // The login page's look; open, so a stored setting is never dropped on the way out.
  const LoginWhiteLabelSchema = Type.Object(
    {
      domainName: NullableString,
      title: NullableString,
      icon: NullableString,
      logo: NullableString,
      height: NullableNumber,
      logoHeight: NullableNumber,
      intro: NullableString,
      background: NullableString,
      color: NullableString,
    },
    { additionalProperties: true },
  );
  const login = { response: { 200: LoginWhiteLabelSchema } };

  app.get('/api/whiteLabel/login', { schema: { tags, ...login } }, (req) => s.getLogin(req.caller));
  // Three inline images of up to 512 kB each do not fit the app-wide 1 MB body limit.
  app.post(
    '/api/whiteLabel/login',
    { bodyLimit: 4 * 1024 * 1024, schema: { tags, body: LoginWhiteLabelBody, ...login } },
    (req) => s.saveLogin(req.caller, req.body),
  );
  app.delete('/api/whiteLabel/login', { schema: { tags, response: { 200: EmptyBody } } }, async (req) => {
    await s.deleteLogin(req.caller);
    return '';
  });
  app.get(
    '/api/noauth/whiteLabel/:domain',
    {
      config: { public: true },
      schema: { tags, params: Type.Object({ domain: Type.String({ maxLength: 1024 }) }), ...login },
    },
    (req) => s.getLoginByDomain(req.params.domain),
  );
}
