/** People and where they work: cities (with their second-tier platforms), work units, persons. */
import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex, index } from 'drizzle-orm/pg-core';
import type { DisplaySettings } from '@portal/contract';

export const cities = pgTable(
  'cities',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    platformUrl: text('platform_url').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  // The import names cities and units by name, so a name means one of them.
  (t) => [uniqueIndex('cities_name_uq').on(t.name)],
);

export const organs = pgTable(
  'organs',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    cityId: integer('city_id').notNull().references(() => cities.id),
    /** Incremented by every administrator's edit: a save at an older version is refused. */
    version: integer('version').notNull().default(0),
  },
  (t) => [index('organs_city_idx').on(t.cityId), uniqueIndex('organs_name_uq').on(t.name)],
);

export const persons = pgTable(
  'persons',
  {
    personId: serial('person_id').primaryKey(),
    personNo: text('person_no').notNull(),
    personName: text('person_name').notNull(),
    mobile: text('mobile').notNull(),
    personType: smallint('person_type').notNull().default(1),
    userPic: text('user_pic').notNull().default(''),
    nationName: text('nation_name').notNull().default('汉族'),
    gender: smallint('gender').notNull().default(0),
    positionLevelId: integer('position_level_id'),
    positionLevelName: text('position_level_name').notNull().default(''),
    organId: integer('organ_id').references(() => organs.id),
    explain: text('explain').notNull().default(''),
    createuser: text('createuser').notNull().default('admin'),
    wechatOpenId: text('wechat_open_id'),
    status: text('status', { enum: ['active', 'disabled'] }).notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    /** Incremented by every edit of an administrator or a class manager: a save at an older version is refused. */
    version: integer('version').notNull().default(0),
    /** 关怀版 and the accessibility toolbar's settings as the person last saved them; null: never saved. Not part of `version`: the person's own display, not the record administrators edit. */
    displaySettings: jsonb('display_settings').$type<DisplaySettings>(),
  },
  (t) => [
    uniqueIndex('persons_mobile_uq').on(t.mobile),
    uniqueIndex('persons_no_uq').on(t.personNo),
    uniqueIndex('persons_wechat_uq').on(t.wechatOpenId),
    index('persons_organ_idx').on(t.organId),
  ],
);
