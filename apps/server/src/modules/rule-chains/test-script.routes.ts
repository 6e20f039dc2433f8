import { TestScriptResultSchema } from '@sapo/common';
import { Type } from 'typebox';
import type { AppInstance } from '../../http/app-instance.ts';

// Loose types: missing or wrong fields get the clear 400 messages of the service.
const TestScriptBody = Type.Object({
  // Over the sandbox limit (50,000) on purpose: a too long script is reported as the test's error.
  script: Type.Optional(Type.Union([Type.String({ maxLength: 200_000 }), Type.Null()])),
  scriptType: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
  argNames: Type.Optional(Type.Union([Type.Array(Type.String({ maxLength: 100 }), { maxItems: 10 }), Type.Null()])),
  msgType: Type.Optional(Type.Union([Type.String({ maxLength: 255 }), Type.Null()])),
  msg: Type.Optional(Type.Unknown()),
  metadata: Type.Optional(Type.Unknown()),
});

export function testScriptRoutes(app: AppInstance): void {
  app.post(
    '/api/ruleChain/testScript',
    { schema: { tags: ['rule-chains'], body: TestScriptBody, response: { 200: TestScriptResultSchema } } },
    (req) => app.services.testScript.test(req.caller, req.body),
  );
}
