import { createContext, useContext } from "react";

// The CSP nonce of this response, for the scripts React Router renders. Only the server knows
// it; in the browser it is an empty string (browsers hide nonce attributes anyway).
const NonceContext = createContext("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
