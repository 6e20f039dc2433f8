import type { Queryable } from '../../db/database.ts';
import { newId } from '../../lib/ids.ts';

export interface AdminSettingsRow {
  id: string;
  created_time: number;
  key: string;
  json_value: Record<string, unknown>;
}

export class AdminSettingsRepository {
  constructor(private readonly db: Queryable) {}

  async find(key: string): Promise<AdminSettingsRow | undefined> {
    const rows = await this.db.query<AdminSettingsRow>('SELECT * FROM admin_settings WHERE key = $1', [key]);
    return rows[0];
  }

  async save(key: string, value: unknown, now: number, q: Queryable = this.db): Promise<AdminSettingsRow> {
    const rows = await q.query<AdminSettingsRow>(
      `INSERT INTO admin_settings (id, created_time, key, json_value) VALUES ($1, $2, $3, $4)
       ON CONFLICT (key) DO UPDATE SET json_value = EXCLUDED.json_value RETURNING *`,
      [newId(), now, key, JSON.stringify(value)],
    );
    return rows[0]!;
  }
}
