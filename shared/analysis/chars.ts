/**
 * The size of the automata's alphabet: UTF-16 code units 0..0xFFFF plus one separator symbol
 * (`SEP`, see `automata.ts`). Its own module so the automata and the lazy DFA share it without
 * importing each other.
 */
export const MAX_CHAR = 0x10000;
