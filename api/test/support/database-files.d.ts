/** Types of database-files.js, which jest.config.js reads as it is. */
export declare const DATABASE_SPECIFIC: string[];
export declare const PGLITE_SPECIFIC: string[];
export declare const PGLITE_ONLY: string[];
export declare const POSTGRES_ONLY: string[];
export declare const POSTGRES_AND_REDIS: string[];
