"""Pure game rules: card notation, the trick engine, deals, DREIst! and Twin It scoring models."""
