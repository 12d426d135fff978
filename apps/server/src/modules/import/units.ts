/** Cities (with their second-tier platforms) and work units, keyed by name. */
import { sql } from 'drizzle-orm';
import { arr, countsOf, addCounts, firstOf, rowsOf, type Counts } from './engine.ts';
import type { Kind } from './kind.ts';

const SHEET = '单位';
const C = { city: '所属城市', url: '二级平台地址', unit: '单位名称', sort: '城市排序' } as const;

interface Plan {
  cities: { row: number; name: string; url: string | null; sort: number | null }[];
  units: { row: number; name: string; city: string }[];
}

export const unitsKind: Kind<Plan> = {
  kind: 'units',
  title: '单位',
  sheets: [
    {
      name: SHEET,
      columns: [
        { header: C.city, required: true, note: '城市名称，如 太原市。不存在的城市将新建（须同时填写二级平台地址）。', width: 14 },
        { header: C.url, note: '该城市二级平台的网址（http:// 或 https:// 开头）；城市已存在时可不填，填写则更新。', width: 36 },
        { header: C.unit, note: '单位全称，全省唯一，如 太原市财政局；只填城市不填单位的行只导入城市。', width: 30 },
        { header: C.sort, note: '城市在列表中的顺序（整数，小的在前）；不填则新城市排在最后、已有城市不变。', width: 10 },
      ],
      example: [
        { [C.city]: '太原市', [C.url]: 'https://ty.academy.example.cn/', [C.unit]: '太原市审计局' },
        { [C.city]: '太原市', [C.unit]: '太原市小店区人民政府办公室' },
        { [C.city]: '吕梁市', [C.url]: 'https://ll.academy.example.cn/', [C.unit]: '吕梁市财政局', [C.sort]: 11 },
        { [C.city]: '吕梁市', [C.unit]: '吕梁市离石区教育科技局' },
        { [C.city]: '吕梁市', [C.unit]: '中共吕梁市委党校' },
      ],
    },
  ],
  instructions: ['同一城市的多个单位可分行填写，城市名称相同即可；城市的二级平台地址只需在其中一行填写。'],

  async check(c, { db }) {
    const known = new Map((await rowsOf<{ name: string; platform_url: string }>(db, sql`select name, platform_url from cities`)).map((r) => [r.name, r.platform_url]));
    const cityRows = new Map<string, Plan['cities'][number]>();
    const units: Plan['units'] = [];
    const seen = new Map<string, number>();
    for await (const r of c.each(SHEET)) {
      const x = c.cells(SHEET, r);
      const city = x.text(C.city, { required: true, max: 20 });
      const url = x.text(C.url, { max: 200, pattern: /^https?:\/\/[^\s]+$/, patternReason: '二级平台地址应以 http:// 或 https:// 开头' });
      const unit = x.text(C.unit, { max: 60 });
      const sort = x.int(C.sort, { min: 0, max: 9999 });
      if (unit) firstOf(seen, unit, x, C.unit, '单位名称');
      if (city) {
        const prev = cityRows.get(city);
        if (url && prev?.url && prev.url !== url) x.bad(C.url, `城市“${city}”的二级平台地址与第${prev.row}行不一致`);
        if (!prev) cityRows.set(city, { row: r.row, name: city, url: url || null, sort: sort ?? null });
        else {
          if (url && !prev.url) prev.url = url;
          if (sort !== undefined && sort !== null && prev.sort === null) prev.sort = sort;
        }
      }
    }
    // A new city needs its platform's address somewhere in the sheet.
    for (const city of cityRows.values()) {
      if (!known.has(city.name) && !city.url) {
        for (const r of c.rows(SHEET)) if (r.cells[C.city]?.trim() === city.name) c.cells(SHEET, r).bad(C.url, `城市“${city.name}”不存在，新建城市须填写二级平台地址`);
      }
    }
    for await (const r of c.each(SHEET)) {
      const name = r.cells[C.unit]?.trim();
      const city = r.cells[C.city]?.trim();
      if (name && city && !c.isBad(SHEET, r.row)) units.push({ row: r.row, name, city });
    }
    return { cities: [...cityRows.values()], units };
  },

  async write(tx, plan, c) {
    // A city is written if any good row names it; a unit if its row is good.
    const goodCity = new Set(c.rows(SHEET).filter((r) => !c.isBad(SHEET, r.row)).map((r) => r.cells[C.city]?.trim()));
    const cities = plan.cities.filter((x) => goodCity.has(x.name));
    let counts: Counts = { created: 0, updated: 0, unchanged: 0 };
    if (cities.length) {
      // Two statements: an empty cell keeps what the city had, which ON CONFLICT cannot express per column.
      const inserted = await rowsOf<{ inserted: boolean }>(
        tx,
        sql`with given as (select * from unnest(${arr(cities.map((x) => x.name), 'text')}, ${arr(cities.map((x) => x.url), 'text')}, ${arr(cities.map((x) => x.sort), 'int')}) as t(n, u, s))
            insert into cities (name, platform_url, sort)
            select n, u, coalesce(s, (select coalesce(max(sort), -1) from cities) + row_number() over ()) from given
            where not exists (select 1 from cities where cities.name = given.n)
            returning true as inserted`,
      );
      const updated = await rowsOf<{ inserted: boolean }>(
        tx,
        sql`update cities set platform_url = coalesce(g.u, cities.platform_url), sort = coalesce(g.s, cities.sort)
            from unnest(${arr(cities.map((x) => x.name), 'text')}, ${arr(cities.map((x) => x.url), 'text')}, ${arr(cities.map((x) => x.sort), 'int')}) as g(n, u, s)
            where cities.name = g.n and (cities.platform_url, cities.sort) is distinct from (coalesce(g.u, cities.platform_url), coalesce(g.s, cities.sort))
            returning false as inserted`,
      );
      counts = countsOf([...inserted, ...updated], cities.length);
    }
    const units = plan.units.filter((u) => !c.isBad(SHEET, u.row));
    if (units.length) {
      const returned = await rowsOf<{ inserted: boolean }>(
        tx,
        sql`insert into organs (name, city_id)
            select g.n, cities.id from unnest(${arr(units.map((u) => u.name), 'text')}, ${arr(units.map((u) => u.city), 'text')}) as g(n, c)
            join cities on cities.name = g.c
            on conflict (name) do update set city_id = excluded.city_id, version = organs.version + 1 where organs.city_id is distinct from excluded.city_id
            returning (xmax = 0) as inserted`,
      );
      counts = addCounts(counts, countsOf(returned, units.length));
    }
    return counts;
  },
};
