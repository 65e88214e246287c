/**
 * Realistic, reproducible registrants (Argentine and Spanish names) for the demo, the journeys'
 * seed and the benchmark. A seeded generator: the same seed gives the same people.
 */
import { EYE_COLORS, MEASUREMENT_BOUNDS } from "../../src/common/constants";

const FIRST = [
  "Sofía",
  "Valentina",
  "Martina",
  "Camila",
  "Lucía",
  "Isabella",
  "Catalina",
  "Emilia",
  "Julieta",
  "Florencia",
  "Agustina",
  "Milagros",
  "Micaela",
  "Rocío",
  "Paula",
  "Carolina",
  "Abril",
  "Delfina",
  "Josefina",
  "Guadalupe",
  "María José",
  "Ana Belén",
  "Luz",
  "Pilar",
  "Bianca",
  "Malena",
  "Renata",
  "Olivia",
  "Victoria",
  "Antonella",
  "Mateo",
  "Santiago",
  "Tomás",
  "Benjamín",
  "Joaquín",
  "Lautaro",
  "Facundo",
  "Nicolás",
  "Franco",
  "Ignacio",
  "José",
  "Juan Cruz",
  "Thiago",
  "Bautista",
  "Ramiro",
  "Gonzalo",
  "Agustín",
  "Matías",
  "Lucas",
  "Iñaki",
];
const LAST = [
  "González",
  "Rodríguez",
  "Gómez",
  "Fernández",
  "López",
  "Díaz",
  "Martínez",
  "Pérez",
  "García",
  "Sánchez",
  "Romero",
  "Sosa",
  "Álvarez",
  "Torres",
  "Ruiz",
  "Ramírez",
  "Flores",
  "Acosta",
  "Benítez",
  "Medina",
  "Herrera",
  "Suárez",
  "Aguirre",
  "Giménez",
  "Gutiérrez",
  "Pereyra",
  "Rojas",
  "Molina",
  "Castro",
  "Ortiz",
  "Peña",
  "Muñoz",
  "Ibáñez",
  "Núñez",
  "Domínguez",
  "Quiroga",
  "Ledesma",
  "Vega",
  "Cabrera",
  "Ríos",
];
const CITIES = [
  "CABA",
  "La Plata",
  "Córdoba",
  "Rosario",
  "Mendoza",
  "Mar del Plata",
  "San Miguel de Tucumán",
  "Salta",
  "Neuquén",
  "Bahía Blanca",
  "Santa Fe",
  "Quilmes",
  "Lanús",
  "San Isidro",
  "Tigre",
  "Montevideo",
  "Madrid",
];

/** mulberry32: a tiny seeded PRNG, good enough for demo data. */
export function randomSource(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  return { next, int, pick, chance: (p: number) => next() < p };
}

const ascii = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ".");

export interface Person {
  fullName: string;
  email: string;
  dateOfBirth: string;
  age: number;
  location: string;
  phoneNumber: string;
  height: number;
  bust: number;
  waist: number;
  hips: number;
  eyeColor: string;
  instagramHandle: string;
  internationalWork: boolean;
}

/** The `index`-th person of a reproducible crowd; `index` keeps e-mails unique. */
export function person(random: ReturnType<typeof randomSource>, index: number, onDate = "2026-03-01"): Person {
  const first = random.pick(FIRST);
  const last = `${random.pick(LAST)}${random.chance(0.2) ? ` ${random.pick(LAST)}` : ""}`;
  const year = random.int(1994, 2009);
  const month = random.int(1, 12);
  const day = random.int(1, 28);
  const [onYear, onMonth, onDay] = onDate.split("-").map(Number) as [number, number, number];
  const age = onYear - year - (onMonth < month || (onMonth === month && onDay < day) ? 1 : 0);
  const handle = `${ascii(first)}.${ascii(last)}`.replace(/\.+/g, ".");
  const b = MEASUREMENT_BOUNDS;
  return {
    fullName: `${first} ${last}`,
    email: `${handle}.${index}@example.com`,
    dateOfBirth: `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`,
    age,
    location: random.pick(CITIES),
    phoneNumber: `11${random.int(10_000_000, 69_999_999)}`,
    height: random.int(b.height.min, 190),
    bust: random.int(b.bust.min, 100),
    waist: random.int(b.waist.min, 80),
    hips: random.int(b.hips.min, 105),
    eyeColor: random.pick(EYE_COLORS),
    instagramHandle: handle.replace(/\./g, "_"),
    internationalWork: random.chance(0.4),
  };
}

/** A registration code in the style of the public form's (OC- and six letters/digits). */
export function registrationCode(random: ReturnType<typeof randomSource>): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  return `OC-${Array.from({ length: 6 }, () => random.pick([...alphabet])).join("")}`;
}
