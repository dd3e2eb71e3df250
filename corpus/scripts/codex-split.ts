/** The train/validation split of the real Codex repositories (by repository, so no repository is in both). */

// Validation repositories: about 30 % of the real ones, chosen so every hook has real positives there where any exist.
export const VALIDATION = new Set(['YPS-Tool/World_time_conference', 'Quelklef/shell-ws', 'Gino-Loja/sistema-kardex', 'lewislpz/CartApp', 'ksuke0322/eol-timeline', 'flamasz/nexus', 'carlo-spada/xentri', 'Ogekuri/G', 'Redaration/praxis3', 'Hiroya20040928/unitree-A1', 'Kooksun/Lotto645', 'Gordondalos/mail-agent', 'OhmChannachot/spec-kit-ohm', 'R1DDL30510/Init-', 'Hoper-J/cpolar-connect', 'SproutSeeds/coda', 'BearTDK6/ba-pro', 'kasumigaokasama/manga', 'haench/JulesJenga', 'doudouqie66/CommonTools', 'hindermath/TinyCalc', 'neozhu/face-metric'])
