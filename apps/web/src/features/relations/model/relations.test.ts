import { describe, expect, it } from 'vitest';
import {
  emptyRelationForm,
  otherEnd,
  parseAdditionalInfo,
  relationDeletePath,
  relationInfoPath,
  relationPayload,
  validateRelationForm,
  type EntityRelationInfo,
} from './relations';

const building = { entityType: 'ASSET', id: 'a-1' };
const boiler = { entityType: 'DEVICE', id: 'd-1' };
const relation: EntityRelationInfo = {
  from: building,
  to: boiler,
  type: 'Contains',
  typeGroup: 'COMMON',
  fromName: 'Building',
  toName: 'Boiler',
};

describe('relation calls', () => {
  it('lists relations from or to an entity', () => {
    expect(relationInfoPath(building, 'FROM')).toBe('/api/relations/info?fromId=a-1&fromType=ASSET');
    expect(relationInfoPath(boiler, 'TO')).toBe('/api/relations/info?toId=d-1&toType=DEVICE');
  });

  it('deletes a relation by both ends and its type, encoding the type', () => {
    expect(relationDeletePath(relation)).toBe(
      '/api/relation?fromId=a-1&fromType=ASSET&relationType=Contains&toId=d-1&toType=DEVICE',
    );
    expect(relationDeletePath({ ...relation, type: 'Is in & near', typeGroup: 'DASHBOARD' })).toBe(
      '/api/relation?fromId=a-1&fromType=ASSET&relationType=Is+in+%26+near&toId=d-1&toType=DEVICE&relationTypeGroup=DASHBOARD',
    );
  });

  it('shows the far end of each direction', () => {
    expect(otherEnd(relation, 'FROM')).toEqual({ id: boiler, name: 'Boiler' });
    expect(otherEnd(relation, 'TO')).toEqual({ id: building, name: 'Building' });
  });
});

describe('add relation form', () => {
  it('needs a type and an entity; additional info is optional but must be a JSON object', () => {
    expect(validateRelationForm({ ...emptyRelationForm(), type: ' ' })).toEqual({
      type: 'relation.relation-type-required',
      target: 'entity.entity-required',
    });
    const ok = { ...emptyRelationForm(), target: boiler };
    expect(validateRelationForm(ok)).toEqual({});
    expect(validateRelationForm({ ...ok, additionalInfo: '{"a":' })).toEqual({
      additionalInfo: 'relation.additional-info-invalid',
    });
    expect(validateRelationForm({ ...ok, additionalInfo: '[1]' })).toEqual({
      additionalInfo: 'relation.additional-info-object',
    });
    expect(parseAdditionalInfo('  ')).toEqual({ value: null });
    expect(parseAdditionalInfo('{"note":"x"}')).toEqual({ value: { note: 'x' } });
  });

  it('puts the entity on the chosen side of the relation', () => {
    const form = { ...emptyRelationForm(), type: ' Manages ', target: boiler, additionalInfo: '{"since":2020}' };
    expect(relationPayload(form, building)).toEqual({
      from: building,
      to: boiler,
      type: 'Manages',
      typeGroup: 'COMMON',
      additionalInfo: { since: 2020 },
    });
    expect(relationPayload({ ...form, direction: 'TO', additionalInfo: '' }, building)).toMatchObject({
      from: boiler,
      to: building,
      additionalInfo: null,
    });
  });
});
