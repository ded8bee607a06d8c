package account

// The types the account API answers with and the account pages' data, on
// their own so tygo generates client/gen/account.ts from this file alone.

// Profile is what a user tells about themselves: the registration form
// (/register/finalize) and the personal data form (/profile/personal).
type Profile struct {
	FirstName string `json:"firstName" db:"first_name"`
	LastName  string `json:"lastName" db:"last_name"`
	// BirthDate is YYYY-MM-DD or empty.
	BirthDate string `json:"birthDate" db:"birth_date"`
	// Gender is "male", "female" or empty.
	Gender string `json:"gender" db:"gender" tstype:"'' | 'male' | 'female'"`
	Email  string `json:"email" db:"email"`
}

// User is a signed-in patient: their phone and profile.
type User struct {
	ID      int64  `json:"-" db:"id"`
	Phone   string `json:"phone" db:"phone"`
	Profile `tstype:",extends"`
	// Registered reports whether the registration form was completed.
	Registered bool `json:"registered" db:"registered"`
}

// CodeSent is the answer to a sign-in code request: the phone as people
// write it, and the seconds until another code may be asked and until this
// one expires.
type CodeSent struct {
	Phone      string `json:"phone"`
	ResendIn   int    `json:"resendIn"`
	ExpiresIn  int    `json:"expiresIn"`
	CodeLength int    `json:"codeLength"`
}

// SignedIn is the answer to a verified code: whether the visitor is new
// (registration comes next) and where to go.
type SignedIn struct {
	NewUser bool   `json:"newUser"`
	Next    string `json:"next"`
}

// SessionState tells a page whether its visitor is signed in, and where
// their account is.
type SessionState struct {
	SignedIn bool   `json:"signedIn"`
	Next     string `json:"next"`
}

// UserPageData is what the account pages show of the signed-in user.
type UserPageData struct {
	User `tstype:",extends"`
	// PhoneDisplay is the phone as people write it.
	PhoneDisplay string `json:"phoneDisplay"`
	// Today is the date in Tashkent, YYYY-MM-DD.
	Today string `json:"today"`
	// Relatives are the people the user books for besides themselves.
	Relatives []Relative `json:"relatives"`
}

// Relative is someone a user books visits for besides themselves (a
// child, a parent...), saved on their profile.
type Relative struct {
	ID   int64  `json:"id" db:"id"`
	Name string `json:"name" db:"name"`
	// BirthDate is YYYY-MM-DD.
	BirthDate string `json:"birthDate" db:"birth_date"`
	// Relation is who they are to the user.
	Relation string `json:"relation" db:"relation" tstype:"'child' | 'parent' | 'spouse' | 'sibling' | 'other'"`
}

// RelativeInput is a relative as the profile's form sends it, to add or
// to change one.
type RelativeInput struct {
	Name      string `json:"name"`
	BirthDate string `json:"birthDate"`
	Relation  string `json:"relation" tstype:"'child' | 'parent' | 'spouse' | 'sibling' | 'other'"`
}
