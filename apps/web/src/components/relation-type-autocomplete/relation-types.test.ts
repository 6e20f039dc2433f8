import { describe, expect, it } from 'vitest';
import { matchRelationTypes } from './relation-types';

describe('relation type suggestions', () => {
  it('offers every predefined type for empty text', () => {
    expect(matchRelationTypes('')).toEqual(['Contains', 'Manages']);
    expect(matchRelationTypes('  ')).toEqual(['Contains', 'Manages']);
  });

  it('matches by case-insensitive prefix only', () => {
    expect(matchRelationTypes('con')).toEqual(['Contains']);
    expect(matchRelationTypes('MAN')).toEqual(['Manages']);
    expect(matchRelationTypes('tains')).toEqual([]);
    expect(matchRelationTypes('Uses')).toEqual([]);
  });
});
